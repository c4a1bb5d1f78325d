export { EzRechargePage } from './components/ezrecharge-page';
export { RechargePage } from './components/recharge-page';
