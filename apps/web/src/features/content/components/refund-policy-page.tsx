import { LegalDocument } from './legal-document';

export function RefundPolicyPage() {
  return <LegalDocument docKey="refund" />;
}
