/**
 * Superusers that scripts/e2e-seed.ts writes into the e2e server's database before it starts, with two-factor
 * sign-in on and a TOTP secret the journey knows (issue #15: a superuser uses the console only after a second
 * factor). One per journey that signs in as an administrator: a code works once, so two journeys running side by
 * side must never need the same 30-second code of the same account. The first-start superuser `admin` has none:
 * e2e/two-factor.spec.ts enrols it as an operator does at the first sign-in.
 */
export interface TSeededAdmin {
  username: string;
  password: string;
  email: string;
  /** Base32 TOTP secret, as an authenticator app holds it. */
  secret: string;
}

const admin = (name: string, secret: string): TSeededAdmin => ({
  username: `e2e_${name}_admin`,
  password: 'e2e-admin-pass',
  email: `${name}.admin@example.com`,
  secret,
});

export const SEEDED_ADMINS = {
  accounts: admin('accounts', 'PI5XQ2UUTHEBTC7DIBPDN6HNZBQGZEEI'),
  catalogue: admin('catalogue', '5P63JTIBF7FPJ2DOLMEEBX4OFXQESQQE'),
  jobs: admin('jobs', 'K6ULJDI2SYSOWQAADYRTEEV3WNCGYQL2'),
  operator: admin('operator', 'TR3ZYP7JRGOG36G5N5M4P2OTJLTQCFSW'),
  recharge: admin('recharge', 'E5FRCVNDQO2LWYMRUSRP62A35T4QMSET'),
  feedback: admin('feedback', 'TL3UH3M53UAS5F4G46DK5MVJKIH2GFI6'),
  faq: admin('faq', 'M5FBNQK6JER2GG2LXZEVA3LSJAGTOBRD'),
  lists: admin('lists', 'NB2HI4DTHIXS6ZLYMFWXA3DFFZRW63JP'),
  outcomes: admin('outcomes', 'OBQXE2LTNBQXI2LPNZ2GK43UMFWGS3TD'),
  accessibility: admin('accessibility', 'MFRWGZLTONUWE2LMNF2HS5DFON2GC3TE'),
  rewards: admin('rewards', 'S57G464MFBLGTODGOLZYJYBBPIPY6XYD'),
  neverTwiceEn: admin('nevertwice_en', 'TX6YOJTJZM3HJ3IBRH3EZPSLDA7FPAZX'),
  neverTwiceZh: admin('nevertwice_zh', 'MPV6ZSTPWRUZCZWBBRHDAU6H5EAYIEBO'),
  toasts: admin('toasts', 'RER4HU4RS5VK66B5RIVZ7DHK3TAVSIPC'),
  exports: admin('exports', 'MV4HA33SORZWK6DQN5ZHI4TFMJSW43TT'),
  reconciliation: admin('reconciliation', '37Q64VQVGBPTBTFZENTZKQUSECWPQAX3'),
  sales: admin('sales', 'LMLQZEOA4OTAEJIUZPUZJSJ725PV5RW3'),
  salesZh: admin('sales_zh', 'J7TYZPPE3IR3JZYRK76XZOMMZRWQM6DV'),
  exportsZh: admin('exports_zh', 'SHJMHP2PYYCVZ62BNWFQDEQ5FBY6JYKJ'),
  reconciliationZh: admin('reconciliation_zh', 'OSLFSYCTNRQUX5DURCHT2ZV65TM4O4QL'),
  disputes: admin('disputes', 'D2CGIGOTUTGMPIXO7U34R3XYMH2WTRKK'),
  disputesZh: admin('disputes_zh', '5UNRY77BTLRBRZYPL4DJ2AACAYFYSI52'),
  risk: admin('risk', 'N2M5RRHLLXBVQP7BJ4C5TYFVU3DXZY2R'),
  riskZh: admin('risk_zh', 'XFCJFCFJU62XJQIIGTNBGVNTM4TNUOL5'),
} as const satisfies Record<string, TSeededAdmin>;

/** The first-start superuser of scripts/e2e-server.mjs (ADMIN_USERNAME / ADMIN_PASSWORD), not yet enrolled. */
export const FIRST_ADMIN = {
  username: 'admin',
  password: 'e2e-admin-pass',
  email: 'admin@example.com',
} as const;
