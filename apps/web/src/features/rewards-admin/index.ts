export { PromotionAddPage } from './components/promotion-add-page';
export { PromotionEditPage } from './components/promotion-edit-page';
export { PromotionListPage } from './components/promotion-list-page';
export { SpinPrizesPage } from './components/spin-prizes-page';
