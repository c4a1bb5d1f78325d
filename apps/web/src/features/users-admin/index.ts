export { UserAddPage } from './components/user-add-page';
export { UserEditPage } from './components/user-edit-page';
export { UserListPage } from './components/user-list-page';
