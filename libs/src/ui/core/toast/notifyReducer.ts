export type NotifyType = 'success' | 'info' | 'warning' | 'error' | 'loading';

export type NotifyItem = {
  id: string;
  type: NotifyType;
  message: string;
  description?: string;
};

export type NotifyAction = { type: 'show'; item: NotifyItem } | { type: 'dismiss'; id?: string };

/**
 * The second toast system: newest first. Showing an id that is already listed replaces it in place,
 * which is how a 'loading' message turns into its outcome.
 */
export function notifyReducer(items: readonly NotifyItem[], action: NotifyAction): readonly NotifyItem[] {
  switch (action.type) {
    case 'show':
      return items.some((item) => item.id === action.item.id)
        ? items.map((item) => (item.id === action.item.id ? action.item : item))
        : [action.item, ...items];
    case 'dismiss':
      return action.id === undefined ? [] : items.filter((item) => item.id !== action.id);
  }
}
