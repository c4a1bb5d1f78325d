import {
  CommentOutlined,
  GiftOutlined,
  LineChartOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  ShoppingOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { SIDEBAR_BREAKPOINT_PX } from '@ezrecharge/shared/limits';
import { Avatar, Button, Drawer, Layout, Menu, type MenuProps } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { adminNavFor, NAV_ENTRIES, routePath, type TNavName } from '../../lib/routes';
import { logout, useStoredUser, useSuperuser } from '../../lib/session';
import { SITE } from '../../lib/site';
import { useMediaQuery } from '../../lib/use-media-query';
import { BrandLogo } from '../brand-logo';
import { LanguageToggle } from '../language-toggle';
import { PageLoading } from '../page-loading';
import { AntdProviders } from './antd-providers';
import './admin-layout.css';

/** The icon of each side-navigation entry (the entries and their order come from the route table). */
const NAV_ICONS: Record<TNavName, ReactNode> = {
  ezrecharge: <ThunderboltOutlined />,
  order: <UnorderedListOutlined />,
  rewards: <StarOutlined />,
  profile: <UserOutlined />,
  user: <TeamOutlined />,
  product: <ShoppingOutlined />,
  'faq-admin': <QuestionCircleOutlined />,
  promotion: <GiftOutlined />,
  'spin-prizes': <TrophyOutlined />,
  feedback: <CommentOutlined />,
  reconciliation: <ReconciliationOutlined />,
  risk: <SafetyOutlined />,
  jobs: <ScheduleOutlined />,
  sales: <LineChartOutlined />,
};

function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation(['common', 'layout']);
  const { pathname } = useLocation();
  const superuser = useSuperuser();
  const active = adminNavFor(pathname);

  const items: MenuProps['items'] = NAV_ENTRIES.filter((entry) => superuser || !entry.superuserOnly).map(
    (entry) => ({
      key: entry.name,
      icon: NAV_ICONS[entry.name],
      label: (
        <Link to={routePath(entry.name)} onClick={onNavigate}>
          {t(`common:routes.${entry.name}`)}
        </Link>
      ),
    }),
  );

  return (
    <nav className="admin-sidenav" aria-label={t('layout:admin.sideNav')}>
      <Link
        className="admin-sidenav__logo"
        to={routePath('portal')}
        onClick={onNavigate}
        aria-label={t('layout:header.home', { brand: SITE.brand })}
      >
        <BrandLogo />
      </Link>
      <Menu
        className="admin-sidenav__menu"
        mode="inline"
        theme="dark"
        selectedKeys={active ? [active] : []}
        items={items}
      />
    </nav>
  );
}

function AccountBar() {
  const { t } = useTranslation('layout');
  const user = useStoredUser();
  const name = user?.nickname || user?.username || '';
  return (
    <div className="admin-account">
      <LanguageToggle />
      <span className="admin-account__user">
        {user?.avatar ? (
          <Avatar src={user.avatar} alt={t('admin.avatarAlt', { name })} />
        ) : (
          <Avatar icon={<UserOutlined aria-hidden="true" />} />
        )}
        {name && <span className="admin-account__name">{name}</span>}
      </span>
      <Button type="link" className="admin-account__logout" onClick={() => void logout()}>
        {t('admin.logout')}
      </Button>
    </div>
  );
}

/** The console's frame: Ant Design's providers around the side navigation, header and the screen. */
export function AdminLayout() {
  return (
    <AntdProviders>
      <AdminFrame />
    </AntdProviders>
  );
}

function AdminFrame() {
  const { t } = useTranslation('layout');
  const pinned = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
  const [siderVisible, setSiderVisible] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const sidebarShown = pinned ? siderVisible : drawerOpen;
  const toggle = (): void => {
    if (pinned) setSiderVisible((visible) => !visible);
    else setDrawerOpen((open) => !open);
  };
  // Below the breakpoint, choosing an entry hides the sidebar again (SPEC.md §2).
  const afterNavigate = (): void => {
    if (!pinned) setDrawerOpen(false);
  };

  return (
    <Layout className="admin-layout" hasSider={pinned && siderVisible}>
      {pinned && siderVisible && (
        <Layout.Sider className="admin-layout__sider" width={232} theme="dark">
          <SideNav onNavigate={afterNavigate} />
        </Layout.Sider>
      )}
      {!pinned && (
        <Drawer
          className="admin-layout__drawer"
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          aria-label={t('admin.sideNav')}
          styles={{ body: { padding: 0 } }}
        >
          <SideNav onNavigate={afterNavigate} />
        </Drawer>
      )}
      <Layout className="admin-layout__body">
        <Layout.Header className="admin-layout__header">
          <Button
            type="text"
            className="admin-layout__toggle"
            icon={
              sidebarShown ? (
                <MenuFoldOutlined aria-hidden="true" />
              ) : (
                <MenuUnfoldOutlined aria-hidden="true" />
              )
            }
            aria-label={t('admin.toggleSidebar')}
            aria-expanded={sidebarShown}
            onClick={toggle}
          />
          {!sidebarShown && (
            <Link
              className="admin-layout__brand"
              to={routePath('portal')}
              aria-label={t('header.home', { brand: SITE.brand })}
            >
              <BrandLogo name={SITE.brand} />
            </Link>
          )}
          <AccountBar />
        </Layout.Header>
        <Layout.Content id="main" className="admin-layout__content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
