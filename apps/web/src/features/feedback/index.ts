export { ContactEzlivezPage } from './components/contact-ezlivez-page';
