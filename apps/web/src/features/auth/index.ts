export { ResetPasswordPage } from './components/reset-password-page';
export { SignInPage } from './components/sign-in-page';
export { SignUpPage } from './components/sign-up-page';
