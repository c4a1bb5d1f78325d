import { ZFaq, ZFaqListQuery } from '@ezrecharge/shared/schemas/support';
import { listQueryHook } from '../../../components/admin-list';

/** Every FAQ admin query; the public FAQ has keys of its own and is fetched afresh on each visit. */
export const faqsQueryKey = ['faq-admin'] as const;

/** GET /api/v1/faq/?page&page_size&module_en&module_zh (superuser): one page of FAQ entries, newest first. */
export const useGetFaqs = listQueryHook({
  path: '/api/v1/faq/',
  item: ZFaq,
  filters: ZFaqListQuery,
  key: faqsQueryKey,
});
