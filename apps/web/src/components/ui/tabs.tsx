import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A row of tabs as WAI-ARIA describes them: only the selected tab is in the Tab order, and the
 * arrow keys, Home and End move between tabs and select them. The caller renders the selected
 * panel with `id={panelId(tab)}` and `aria-labelledby={tabId(tab)}`.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  label,
  className,
  tabClassName,
  hrefOf,
}: {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  tabId: (tab: T) => string;
  panelId: (tab: T) => string;
  /** What the tabs are, for screen readers. */
  label: string;
  className?: string;
  tabClassName?: string;
  /**
   * Each tab's own address: the tabs are then links, which work before the app's code runs (the
   * server renders the page of that address); once it runs a click selects without a load.
   */
  hrefOf?: (tab: T) => string;
}) {
  const refs = useRef(new Map<T, HTMLElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = tabs[moves[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')} role="tablist" aria-label={label}>
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        const shared = {
          ref: (node: HTMLElement | null) => {
            if (node) refs.current.set(tab.id, node);
            else refs.current.delete(tab.id);
          },
          role: 'tab',
          id: tabId(tab.id),
          className: ['tab', tabClassName].filter(Boolean).join(' '),
          'aria-selected': isSelected,
          'aria-controls': panelId(tab.id),
          tabIndex: isSelected ? 0 : -1,
          onKeyDown,
        };
        return hrefOf ? (
          <a
            key={tab.id}
            {...shared}
            href={hrefOf(tab.id)}
            onClick={(event) => {
              // A new tab or window keeps the browser's own way; a plain click selects here.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              onSelect(tab.id);
            }}
          >
            {tab.label}
          </a>
        ) : (
          <button key={tab.id} {...shared} type="button" onClick={() => onSelect(tab.id)}>
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
