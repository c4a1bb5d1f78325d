export { SalesPage } from './components/sales-page';
