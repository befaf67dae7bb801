import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKind, type AreaSearchKinds } from '@steward/libs/shell';
import { groupColumns } from './groups/groupColumns';
import { groupEditor, positionEditor, shiftEditor } from './editing/teamEditors';
import { localized } from './i18n';
import { TeamList, type TeamListWords } from './lists/TeamList';
import { positionColumns } from './positions/positionColumns';
import { shiftColumns } from './shifts/shiftColumns';
import { staffColumns } from './staff/staffColumns';

const STAFF: TeamListWords = { title: 'staff.title', one: 'staff.noun.one', many: 'staff.noun.many' };
const GROUPS: TeamListWords = { title: 'groups.title', one: 'groups.noun.one', many: 'groups.noun.many' };
const POSITIONS: TeamListWords = { title: 'positions.title', one: 'positions.noun.one', many: 'positions.noun.many' };
const SHIFTS: TeamListWords = { title: 'shifts.title', one: 'shifts.noun.one', many: 'shifts.noun.many' };

const staff = <TeamList words={STAFF} view="staff_profiles_view" columns={staffColumns} customKind="staff" />;

function TeamPortalRoutes() {
  return (
    <Routes>
      <Route path="staff" element={staff} />
      <Route path="assignments" element={staff} />
      <Route path="staff/:short_id" element={<TeamList words={STAFF} view="staff_profiles_view" columns={staffColumns} recordParam="short_id" customKind="staff" />} />
      <Route path="groups" element={<TeamList words={GROUPS} view="user_groups_view" columns={groupColumns} editor={groupEditor} />} />
      <Route path="positions" element={<TeamList words={POSITIONS} view="positions_view" columns={positionColumns} editor={positionEditor} />} />
      <Route path="position/:id" element={<TeamList words={POSITIONS} view="positions_view" columns={positionColumns} recordParam="id" editor={positionEditor} />} />
      <Route path="shifts" element={<TeamList words={SHIFTS} view="shifts_view" columns={shiftColumns} editor={shiftEditor} />} />
      <Route path="shift/:short_id" element={<TeamList words={SHIFTS} view="shifts_view" columns={shiftColumns} recordParam="short_id" editor={shiftEditor} />} />
    </Routes>
  );
}

/** The Team portal: the team directory, groups, positions and shifts. */
/** Global search: a staff member opens their profile. */
const search: AreaSearchKinds = {
  staff: localized<AreaSearchKind>({ label: '', path: (hit) => `/staff/${hit.short_id}` }, { label: 'staff.searchKind' }),
};

const area = defineArea('team-portal', __STEWARD_APP_VERSION__, TeamPortalRoutes, { search });

export default area;
