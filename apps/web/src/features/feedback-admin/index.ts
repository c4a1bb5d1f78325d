export { FeedbackListPage } from './components/feedback-list-page';
