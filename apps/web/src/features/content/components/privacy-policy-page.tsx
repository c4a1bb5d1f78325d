import { LegalDocument } from './legal-document';

export function PrivacyPolicyPage() {
  return <LegalDocument docKey="privacy" />;
}
