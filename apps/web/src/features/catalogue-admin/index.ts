export { PriceAddPage } from './components/price-add-page';
export { PriceEditPage } from './components/price-edit-page';
export { PriceListPage } from './components/price-list-page';
export { ProductAddPage } from './components/product-add-page';
export { ProductEditPage } from './components/product-edit-page';
export { ProductListPage } from './components/product-list-page';
