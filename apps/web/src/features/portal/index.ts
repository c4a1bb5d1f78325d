export { PortalPage } from './components/portal-page';
