export { AboutEzlivezPage } from './components/about-ezlivez-page';
export { AboutEzrechargePage } from './components/about-ezrecharge-page';
export { AboutEzshopPage } from './components/about-ezshop-page';
export { AboutUsPage } from './components/about-us-page';
export { ContactEzrechargePage } from './components/contact-ezrecharge-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { RefundPolicyPage } from './components/refund-policy-page';
export { TermsConditionsPage } from './components/terms-conditions-page';
