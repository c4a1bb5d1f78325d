import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { routePath } from '../../../lib/routes';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import './profile.css';

/**
 * User profile /profile (SPEC.md §2): the profile tab (with Change e-mail address below the profile, issue #33) and
 * the change-password tab.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        extra={
          <ButtonLink to={routePath('two-factor')} icon={<SafetyCertificateOutlined aria-hidden="true" />}>
            {t('common:routes.two-factor')}
          </ButtonLink>
        }
      />
      <div className="console-panel">
        <Tabs
          items={[
            {
              key: 'profile',
              label: t('tabs.profile'),
              children: (
                <>
                  <ProfileForm />
                  <ChangeEmailForm />
                </>
              ),
            },
            { key: 'password', label: t('tabs.password'), children: <ChangePasswordForm /> },
          ]}
        />
      </div>
    </div>
  );
}
