import { Fragment, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { CopyIcon } from './ui/icons';
import './order-number.css';

/** Characters per group on screen: `EZ7K 3M9Q HX4T …`. */
const GROUP = 4;

/**
 * `EZ7K3M9QHX` → EZ7K ▯ 3M9Q ▯ HX: the text in groups of four, an empty element between them. The text stays plain
 * text of one element, so it reads, copies and is found as the raw number.
 */
function grouped(orderNum: string): ReactNode[] {
  const parts: ReactNode[] = [];
  for (let at = 0; at < orderNum.length; at += GROUP) {
    if (at > 0) {
      // The gap, then the only place the line may break: a wrapped number never starts a line with a gap.
      parts.push(
        <Fragment key={at}>
          <span className="order-number__gap" aria-hidden="true" />
          <wbr />
        </Fragment>,
      );
    }
    parts.push(orderNum.slice(at, at + GROUP));
  }
  return parts;
}

/** Leaves the number selected, so the buyer can copy it with the keyboard when the clipboard refuses. */
function select(node: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * An order number as people read it (issue #13): in groups of four, with a copy button. The gaps are empty elements
 * given width by CSS, not characters: selecting and copying the number by hand, the copy button and a screen reader
 * all get the raw number. A line may break after a gap only.
 */
export function OrderNumber({ orderNum }: { orderNum: string }) {
  const { t } = useTranslation('common');
  const digits = useRef<HTMLSpanElement>(null);

  const copy = async (): Promise<void> => {
    try {
      // Absent outside secure contexts (a site opened at a LAN address over http).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(orderNum);
      toast.success(t('orderNumber.copied', { orderNum }));
    } catch {
      select(digits.current);
      toast.error(t('orderNumber.copyFailed'));
    }
  };

  return (
    <span className="order-number">
      <span ref={digits} className="order-number__digits" translate="no">
        {grouped(orderNum)}
      </span>
      <Button
        className="order-number__copy"
        variant="text"
        size="small"
        icon={<CopyIcon />}
        aria-label={t('orderNumber.copy', { orderNum })}
        title={t('orderNumber.copyShort')}
        onClick={() => void copy()}
      />
    </span>
  );
}
