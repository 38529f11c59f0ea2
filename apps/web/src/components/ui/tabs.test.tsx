import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList } from './tabs.tsx';

afterEach(cleanup);

type Tab = 'a' | 'b' | 'c';
const TABS = [
  { id: 'a', label: 'Uno' },
  { id: 'b', label: 'Dos' },
  { id: 'c', label: 'Tres' },
] as const;

function Harness() {
  const [tab, setTab] = useState<Tab>('a');
  return (
    <>
      <TabList
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        tabId={(t) => `tab-${t}`}
        panelId={(t) => `panel-${t}`}
        label="Pruebas"
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        Panel {tab}
      </div>
    </>
  );
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('TabList', () => {
  it('is a labelled tab list with only the selected tab in the Tab order', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Pruebas' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: 'Uno' }).textContent).toBe('Panel a');
    expect(selectedTab().getAttribute('aria-controls')).toBe('panel-a');
  });

  it('moves and selects with the arrow keys (wrapping), Home and End, focusing the new tab', () => {
    render(<Harness />);
    const first = screen.getByRole('tab', { name: 'Uno' });
    first.focus();
    const steps: Array<[string, string]> = [
      ['ArrowRight', 'Dos'],
      ['ArrowRight', 'Tres'],
      ['ArrowRight', 'Uno'],
      ['ArrowLeft', 'Tres'],
      ['Home', 'Uno'],
      ['End', 'Tres'],
    ];
    for (const [key, name] of steps) {
      fireEvent.keyDown(document.activeElement!, { key });
      expect(selectedTab().textContent, key).toBe(name);
      expect(document.activeElement).toBe(selectedTab());
    }
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel c');
  });

  it('ignores other keys and selects on click', () => {
    render(<Harness />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Uno' }), { key: 'ArrowDown' });
    expect(selectedTab().textContent).toBe('Uno');
    fireEvent.click(screen.getByRole('tab', { name: 'Dos' }));
    expect(selectedTab().textContent).toBe('Dos');
  });
});
