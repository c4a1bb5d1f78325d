import { Button } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Texts longer than this are cut to two lines until expanded (a 250-character message spans about five). */
const SHORT_TEXT = 80;

/**
 * A visitor's message as plain text: short ones in full; long ones cut at two lines, with the whole text on hover
 * and a More / Less toggle. Measured by length rather than layout, so it behaves the same on every screen.
 */
export function ExpandableText({ text }: { text: string }) {
  const { t } = useTranslation('feedback-admin');
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > SHORT_TEXT;
  return (
    <div className="feedback-admin__message">
      <p
        id={id}
        className={
          long && !expanded ? 'feedback-admin__message-text is-clamped' : 'feedback-admin__message-text'
        }
        title={long && !expanded ? text : undefined}
      >
        {text}
      </p>
      {long && (
        <Button
          type="link"
          size="small"
          className="feedback-admin__message-toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('list.less') : t('list.more')}
        </Button>
      )}
    </div>
  );
}
