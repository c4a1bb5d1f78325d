export { ReconciliationPage } from './components/reconciliation-page';
