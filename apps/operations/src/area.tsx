import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaPrefetchContext, type AreaSearchKind, type AreaSearchKinds } from '@steward/libs/shell';
import { filteredListPath } from '@steward/libs/filter';
import { prefetchListPage } from '@steward/libs/list';
import { lazyAntdPage, LoadingText } from '@steward/libs/ui';
import { TASKS_LIST, TasksPage } from './tasks/TasksPage';
import { taskColumns } from './tasks/taskColumns';
import { localized, t } from './i18n';

/*
 * Only the tasks page is bundled with the area (it is the area's busiest first screen); the other pages
 * load when first opened, so what they draw with (antd's Card, the record editor's dialogs) is not
 * fetched before a task row can draw.
 */
const loading = <p style={{ margin: 0 }}><LoadingText /></p>;
const ProjectsPage = lazyAntdPage(() => import('./projects/ProjectsPage').then((module) => ({ default: module.ProjectsPage })), loading);
const TransactionsPage = lazyAntdPage(() => import('./transactions/TransactionsPage').then((module) => ({ default: module.TransactionsPage })), loading);
const CalendarPage = lazyAntdPage(() => import('./calendar/CalendarPage').then((module) => ({ default: module.CalendarPage })), loading);
const ComingSoonPage = lazyAntdPage(() => import('./comingSoon/ComingSoonPage').then((module) => ({ default: module.ComingSoonPage })), loading);

function OperationsRoutes() {
  return (
    <Routes>
      <Route path="projects" element={<ProjectsPage />} />
      <Route path="tasks" element={<TasksPage />} />
      <Route path="transactions" element={<TransactionsPage />} />
      <Route path="calendar" element={<CalendarPage />} />
      <Route path="lists" element={<ComingSoonPage section="lists" />} />
      <Route path="forms" element={<ComingSoonPage section="forms" />} />
      <Route path="testpage" element={<ComingSoonPage section="testPages" />} />
    </Routes>
  );
}

const noop = () => undefined;

/** Opening /tasks: its first page (tasks with their subtasks) is requested while the area renders. */
function prefetch({ route, search, queryClient, orgScope }: AreaPrefetchContext) {
  if (route !== '/tasks') return;
  const columns = taskColumns(t, { editTask: noop, editSubtask: noop, addSubtask: noop });
  prefetchListPage(queryClient, { columns, ...TASKS_LIST }, { search, orgScope });
}

/**
 * Operations: projects, tasks (list, board, My work), the calendar, transactions; lists and forms to come. The
 * dashboard's revenue chart is exposed apart, in './widgets' (src/widgets.tsx).
 */
/** Global search: a project or task opens its list, filtered to its name. */
const search: AreaSearchKinds = {
  project: localized<AreaSearchKind>({ label: '', path: (hit) => filteredListPath('/projects', 'name', hit.title) }, { label: 'projects.title' }),
  task: localized<AreaSearchKind>({ label: '', path: (hit) => filteredListPath('/tasks', 'title', hit.title) }, { label: 'tasks.title' }),
};

const area = defineArea('operations', __STEWARD_APP_VERSION__, OperationsRoutes, { prefetch, search });

export default area;
