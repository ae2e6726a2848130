/*
 * A dashboard's sections as tabs: one trigger per section and, in each panel, the section's
 * name as a hidden h2 (so the page's heading outline names every panel). The admin and host
 * dashboards use it; the chosen tab lives in the URL (useTabParam). On a narrow screen the tab
 * bar scrolls sideways; it keeps the chosen tab in view (a link to a later tab opened with the
 * bar at its start, the chosen section out of sight).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';

export interface Section<T extends string> {
  value: T;
  label: string;
  /** Shown after the label in the trigger (e.g. a count badge). */
  badge?: ReactNode;
  content: ReactNode;
  /** Fetches the section's module ahead of a click (a pointer over its tab, the focus on it). */
  preload?: () => void;
}

export function SectionTabs<T extends string>({
  label,
  value,
  onValueChange,
  sections,
}: {
  /** The accessible name of the tab list. */
  label: string;
  value: T;
  onValueChange: (value: string) => void;
  sections: Section<T>[];
}) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!bar || !tab) return;
    // Sideways only, within the bar: scrollIntoView would scroll the page too.
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.right > barBox.right) bar.scrollLeft += tabBox.right - barBox.right + 4;
    else if (tabBox.left < barBox.left) bar.scrollLeft -= barBox.left - tabBox.left + 4;
  }, [value]);

  return (
    <Tabs value={value} onValueChange={onValueChange}>
      <TabsList ref={list} aria-label={label}>
        {sections.map((s) => (
          <TabsTrigger key={s.value} value={s.value} onPointerEnter={s.preload} onFocus={s.preload}>
            {s.label}
            {s.badge}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map((s) => (
        <TabsContent key={s.value} value={s.value}>
          <h2 className="sr-only">{s.label}</h2>
          {s.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
