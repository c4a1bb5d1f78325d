import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import './profile.css';

/** User profile /profile (SPEC.md §2): the profile tab and the change-password tab. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-page">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="console-panel">
        <Tabs
          items={[
            { key: 'profile', label: t('tabs.profile'), children: <ProfileForm /> },
            { key: 'password', label: t('tabs.password'), children: <ChangePasswordForm /> },
          ]}
        />
      </div>
    </div>
  );
}
