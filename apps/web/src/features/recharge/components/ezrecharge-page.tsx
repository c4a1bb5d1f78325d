import {
  ArrowRightOutlined,
  InfoCircleOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, type TRouteName } from '../../../lib/routes';
import { useStoredUser } from '../../../lib/session';
import { OperatorOverview } from './operator-overview';
import { RechargeLayout } from './recharge-layout';

interface TLinkCardProps {
  to: TRouteName;
  icon: ReactNode;
  title: string;
  text: string;
}

function LinkCard({ to, icon, title, text }: TLinkCardProps) {
  return (
    <li>
      <Link className="recharge-links__card" to={routePath(to)}>
        <span className="recharge-links__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="recharge-links__body">
          <span className="recharge-links__title">
            {title} <ArrowRightOutlined aria-hidden="true" />
          </span>
          <span className="recharge-links__text">{text}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Signed-in recharge /ezrecharge, where sign-in leads (SPEC.md §2, §4): the recharge form without an e-mail field
 * (the server takes the profile's), and below it the way to the orders, the profile and the how-it-works page.
 * Superusers also see the operator overview above the form.
 */
export function EzRechargePage() {
  const { t } = useTranslation('recharge');
  const user = useStoredUser();
  const name = user?.nickname || user?.username || '';
  return (
    <RechargeLayout
      pageInfo="ezrecharge"
      header={
        <div className="recharge-page__header">
          <h1 className="recharge-page__title">
            {name ? t('member.greeting', { name }) : t('member.greetingNoName')}
          </h1>
          <p className="recharge-page__intro">{t('member.intro')}</p>
          <OperatorOverview />
        </div>
      }
      footer={
        <ul className="recharge-links" aria-label={t('links.label')}>
          <LinkCard
            to="order"
            icon={<UnorderedListOutlined />}
            title={t('links.orders.title')}
            text={t('links.orders.text')}
          />
          <LinkCard
            to="about-ezrecharge"
            icon={<InfoCircleOutlined />}
            title={t('links.about.title')}
            text={t('links.about.text')}
          />
          <LinkCard
            to="profile"
            icon={<UserOutlined />}
            title={t('links.profile.title')}
            text={t('links.profile.text')}
          />
        </ul>
      }
    />
  );
}
