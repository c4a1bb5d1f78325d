import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from './icons';
import './accordion.css';

export interface TAccordionItem {
  /** Unique within the accordion. */
  key: string;
  /** The panel's title: the text of its button, which names the panel. */
  title: ReactNode;
  /** The panel's content, rendered once the panel first opens. */
  content: ReactNode;
}

type THeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface TAccordionProps {
  items: readonly TAccordionItem[];
  /** The level of the headings that hold the buttons (one below the heading the accordion sits under). */
  headingLevel?: THeadingLevel;
  /** Only one panel open at a time; by default any number may be open. */
  single?: boolean;
  /** Keys of the panels open at first; by default every panel starts closed. */
  defaultOpen?: readonly string[];
  className?: string;
}

/**
 * An accordion after the WAI-ARIA pattern: each title is a button inside a heading (aria-expanded, aria-controls)
 * and opens a region named by that button. Tab moves between the buttons; Enter or Space opens and closes a panel.
 * A panel's content is rendered when it first opens and kept while closed (hidden), like antd's Collapse.
 */
export function Accordion({
  items,
  headingLevel = 3,
  single = false,
  defaultOpen = [],
  className,
}: TAccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen));
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set(defaultOpen));
  const Heading = `h${headingLevel}` as const;

  const toggle = (key: string): void => {
    setOpen((previous) => {
      if (previous.has(key)) {
        const next = new Set(previous);
        next.delete(key);
        return next;
      }
      return new Set(single ? [key] : [...previous, key]);
    });
    setSeen((previous) => (previous.has(key) ? previous : new Set([...previous, key])));
  };

  return (
    <div className={['app-accordion', className].filter(Boolean).join(' ')}>
      {items.map((item, index) => {
        const isOpen = open.has(item.key);
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div
            key={item.key}
            className={['app-accordion__item', isOpen && 'app-accordion__item--open']
              .filter(Boolean)
              .join(' ')}
          >
            <Heading className="app-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="app-accordion__button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(item.key)}
              >
                <span className="app-accordion__title">{item.title}</span>
                <ChevronDownIcon className="app-accordion__icon" />
              </button>
            </Heading>
            <section
              id={panelId}
              className="app-accordion__panel"
              aria-labelledby={buttonId}
              hidden={!isOpen}
            >
              {(isOpen || seen.has(item.key)) && item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
