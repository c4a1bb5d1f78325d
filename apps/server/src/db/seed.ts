import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../infra/db';
import { hashPassword } from '../infra/passwords';
import { faqs, prices, products, users } from './schema';

/**
 * First start: the superuser of DESIGN.md §3, a sample catalogue and sample FAQ entries. "First" means the users
 * table is empty; an advisory lock makes two processes starting at once on one PostgreSQL seed only once.
 */
export interface SeedResult {
  /** Set only when this call created the superuser with a generated password: shown to the operator once. */
  generatedAdminPassword?: string;
  seeded: boolean;
}

const SEED_LOCK = 7_314_001;

/** Packs of the sample BIGO diamonds product and their prices in minor units (about 41 diamonds per SGD). */
const SAMPLE_PACKS: readonly { diamonds: number; SGD: number; MYR: number; USD: number }[] = [
  { diamonds: 100, SGD: 245, MYR: 790, USD: 185 },
  { diamonds: 500, SGD: 1220, MYR: 3950, USD: 920 },
  { diamonds: 1000, SGD: 2440, MYR: 7900, USD: 1840 },
  { diamonds: 5000, SGD: 12190, MYR: 39500, USD: 9200 },
  { diamonds: 10000, SGD: 24380, MYR: 78900, USD: 18400 },
  { diamonds: 40000, SGD: 97500, MYR: 315000, USD: 73500 },
];

const SAMPLE_FAQ = [
  {
    moduleEn: 'Recharge',
    moduleZh: '充值',
    questionEn: 'How long does a diamond recharge take?',
    questionZh: '钻石充值需要多长时间？',
    answerEn:
      'Diamonds normally reach your BIGO LIVE account within two minutes after your payment succeeds. If they have not arrived after 30 minutes, contact support with your order number.',
    answerZh: '付款成功后，钻石通常会在两分钟内到账。如果 30 分钟后仍未到账，请携带订单号联系客服。',
  },
  {
    moduleEn: 'Recharge',
    moduleZh: '充值',
    questionEn: 'Where do I find my BIGO ID?',
    questionZh: '在哪里可以找到我的 BIGO ID？',
    answerEn:
      'Open BIGO LIVE, tap "Me" and read the ID under your nickname. Enter it exactly as shown (it is case-sensitive) without the "ID:" prefix.',
    answerZh:
      '打开 BIGO LIVE，点击“我”，昵称下方即为您的 ID。请按原样输入（区分大小写），不要包含“ID:”前缀。',
  },
  {
    moduleEn: 'Payment',
    moduleZh: '支付',
    questionEn: 'Which payment methods can I use?',
    questionZh: '可以使用哪些付款方式？',
    answerEn:
      'Cards, online banking and e-wallets through our payment partner Fiuu for MYR, SGD, USD and CNY, and card payments through Stripe for other currencies.',
    answerZh:
      '马币、新币、美元和人民币可通过支付伙伴 Fiuu 使用银行卡、网上银行和电子钱包付款；其他币种通过 Stripe 使用银行卡付款。',
  },
  {
    moduleEn: 'Payment',
    moduleZh: '支付',
    questionEn: 'Can I get a refund?',
    questionZh: '可以退款吗？',
    answerEn:
      'Diamonds cannot be refunded once they have been issued to your account. If a recharge fails, we refund the payment in full; see our refund policy.',
    answerZh: '钻石一经发放至您的账户即不可退款。如果充值失败，我们会全额退款，详见退款政策。',
  },
  {
    moduleEn: 'Account',
    moduleZh: '账户',
    questionEn: 'Do I need an account to buy diamonds?',
    questionZh: '购买钻石需要注册账户吗？',
    answerEn:
      'No. You can buy on the public recharge page with your BIGO ID and e-mail. With an account you can see all your orders in one place.',
    answerZh:
      '不需要。您可以在公开充值页面输入 BIGO ID 和邮箱直接购买。注册账户后可以在一个地方查看所有订单。',
  },
] as const;

export async function seedFirstStart(db: Db, config: Config): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { seeded: false };

    const generated = config.admin.password ? undefined : randomBytes(12).toString('base64url');
    const password = config.admin.password ?? generated ?? '';
    const [admin] = await tx
      .insert(users)
      .values({
        username: config.admin.username,
        passwordHash: await hashPassword(password),
        nickname: 'Administrator',
        email: config.admin.email,
        isSuperuser: true,
        userType: 1,
      })
      .returning({ id: users.id });

    const [product] = await tx
      .insert(products)
      .values({
        name: 'BIGO LIVE Diamonds',
        code: 'bigo-diamonds',
        comment: 'Diamonds for BIGO LIVE, delivered to the BIGO ID you enter.',
        description: 'Official BIGO LIVE diamond top-up. Delivered within two minutes after payment.',
        payNote: 'Diamonds are not refundable once issued.',
        release: true,
        createdBy: admin?.id ?? null,
      })
      .returning({ id: products.id });
    if (product) {
      await tx.insert(prices).values(
        SAMPLE_PACKS.flatMap((pack) =>
          (['SGD', 'MYR', 'USD'] as const).map((currency) => ({
            productId: product.id,
            currency,
            gameAmount: pack.diamonds,
            unitAmount: pack[currency],
          })),
        ),
      );
    }
    await tx.insert(faqs).values([...SAMPLE_FAQ]);
    return generated ? { seeded: true, generatedAdminPassword: generated } : { seeded: true };
  });
}
