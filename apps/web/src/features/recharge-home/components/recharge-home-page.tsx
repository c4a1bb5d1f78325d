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
import './recharge-home.css';

interface TLinkCardProps {
  to: TRouteName;
  icon: ReactNode;
  title: string;
  text: string;
}

function LinkCard({ to, icon, title, text }: TLinkCardProps) {
  return (
    <li>
      <Link className="recharge-home__card" to={routePath(to)}>
        <span className="recharge-home__card-icon" aria-hidden="true">
          {icon}
        </span>
        <span className="recharge-home__card-body">
          <span className="recharge-home__card-title">
            {title} <ArrowRightOutlined aria-hidden="true" />
          </span>
          <span className="recharge-home__card-text">{text}</span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Signed-in landing /ezrecharge, where sign-in leads (SPEC.md §2, §4). The signed-in recharge form belongs here
 * and comes with the recharge issue; until then the page says so plainly and points to what already works.
 */
export function RechargeHomePage() {
  const { t } = useTranslation('recharge-home');
  const user = useStoredUser();
  const name = user?.nickname || user?.username || '';
  return (
    <div className="recharge-home">
      <section className="recharge-home__hero" aria-labelledby="recharge-home-title">
        <h1 id="recharge-home-title" className="recharge-home__title">
          {name ? t('greeting', { name }) : t('greetingNoName')}
        </h1>
        <p className="recharge-home__text">{t('intro')}</p>
        <p className="recharge-home__note" role="note">
          <InfoCircleOutlined aria-hidden="true" /> {t('comingSoon')}
        </p>
      </section>
      <ul className="recharge-home__cards" aria-label={t('linksLabel')}>
        <LinkCard
          to="about-ezrecharge"
          icon={<InfoCircleOutlined />}
          title={t('links.about.title')}
          text={t('links.about.text')}
        />
        <LinkCard
          to="order"
          icon={<UnorderedListOutlined />}
          title={t('links.orders.title')}
          text={t('links.orders.text')}
        />
        <LinkCard
          to="profile"
          icon={<UserOutlined />}
          title={t('links.profile.title')}
          text={t('links.profile.text')}
        />
      </ul>
    </div>
  );
}
