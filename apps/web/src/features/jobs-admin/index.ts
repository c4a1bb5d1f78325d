export { DeadJobListPage } from './components/dead-job-list-page';
