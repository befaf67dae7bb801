-- public: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table public.notifications add constraint notifications_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.notifications add constraint notifications_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table public.orders add constraint orders_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table public.orders add constraint orders_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table public.orders add constraint orders_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.orders add constraint orders_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.orders add constraint orders_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.organizations add constraint organizations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.organizations add constraint organizations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.transactions add constraint transactions_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE SET NULL;

alter table public.transactions add constraint transactions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.user_profiles add constraint user_profiles_auth_user_id_fkey FOREIGN KEY (auth_user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_profiles add constraint user_profiles_group_id_fkey FOREIGN KEY (group_id) REFERENCES hr.groups(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table public.user_profiles add constraint user_profiles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_profiles add constraint user_profiles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table public.user_profiles add constraint user_profiles_role_in_org_fkey FOREIGN KEY (role_id, org_name) REFERENCES public.user_roles(id, org_name);

alter table public.user_roles add constraint user_roles_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_roles add constraint user_roles_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table public.user_roles add constraint user_roles_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;
