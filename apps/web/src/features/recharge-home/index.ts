export { RechargeHomePage } from './components/recharge-home-page';
