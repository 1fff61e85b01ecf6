import { Table, type TableProps } from 'antd';
import type { ComponentProps } from 'react';

/** The `<table>` takes the tab stop antd's scroller lacks: once focused, the arrow keys scroll it sideways. */
function FocusableTable(props: ComponentProps<'table'>) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region must be reachable by keyboard (WCAG 2.1.1)
  return <table {...props} tabIndex={0} />;
}

const KEYBOARD_SCROLL = { table: FocusableTable };

/**
 * A table that scrolls sideways when wider than its place (on a phone), for rows that may hold nothing to focus (a
 * read-only view, or no rows): without a tab stop inside, a keyboard could not scroll it (decision 061).
 */
export function WideTable<T extends object>(props: TableProps<T>) {
  return <Table<T> scroll={{ x: 'max-content' }} components={KEYBOARD_SCROLL} {...props} />;
}
