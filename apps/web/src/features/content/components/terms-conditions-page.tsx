import { LegalDocument } from './legal-document';

export function TermsConditionsPage() {
  return <LegalDocument docKey="terms" />;
}
