export { RiskPage } from './components/risk-page';
