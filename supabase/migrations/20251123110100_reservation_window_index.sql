-- The timeline's window query (check_in before the window's end, check_out after its start)
-- on an organisation with years of history: the (org_name, check_in, check_out) index walks every
-- past stay (check_in < end); ordered by check_out it reads only the stays that end after the window
-- starts, which for a current window is a small tail of the table.
create index reservations_window_end_idx on catalog.reservations (org_name, check_out) include (check_in, accommodation_id);
