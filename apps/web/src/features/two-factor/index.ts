export { TwoFactorPage } from './components/two-factor-page';
