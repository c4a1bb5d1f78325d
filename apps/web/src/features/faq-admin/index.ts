export { FaqAddPage } from './components/faq-add-page';
export { FaqEditPage } from './components/faq-edit-page';
export { FaqListPage } from './components/faq-list-page';
