export { RewardsPage } from './components/rewards-page';
