-- crm: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table crm.addresses add constraint addresses_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.addresses add constraint addresses_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.addresses add constraint addresses_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.addresses add constraint addresses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.business_types add constraint business_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.business_types add constraint business_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.business_types add constraint business_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.businesses add constraint businesses_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.businesses add constraint businesses_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.businesses add constraint businesses_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.businesses add constraint businesses_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.businesses add constraint businesses_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.businesses add constraint businesses_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.business_types(id) ON DELETE SET NULL;

alter table crm.contact_method_types add constraint contact_method_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_method_types add constraint contact_method_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_method_types add constraint contact_method_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_methods add constraint contact_methods_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_methods add constraint contact_methods_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contact_methods add constraint contact_methods_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_method_types(id) ON DELETE SET NULL;

alter table crm.contact_methods add constraint contact_methods_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.contact_types add constraint contact_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_types add constraint contact_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contact_types add constraint contact_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contacts add constraint contacts_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contacts add constraint contacts_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.contacts add constraint contacts_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.contacts add constraint contacts_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_spouse_id_fkey FOREIGN KEY (spouse_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.contacts add constraint contacts_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_types(id) ON DELETE SET NULL;

alter table crm.crm_file_types add constraint crm_file_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_file_types add constraint crm_file_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_file_types add constraint crm_file_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_files add constraint crm_files_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.crm_files add constraint crm_files_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.crm_files add constraint crm_files_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.crm_file_types(id) ON DELETE SET NULL;

alter table crm.crm_files add constraint crm_files_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.households add constraint households_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.households add constraint households_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.households add constraint households_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.households add constraint households_primary_contact_id_fkey FOREIGN KEY (primary_contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.households add constraint households_primary_owner_id_fkey FOREIGN KEY (primary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.households add constraint households_secondary_contact_id_fkey FOREIGN KEY (secondary_contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table crm.households add constraint households_secondary_owner_id_fkey FOREIGN KEY (secondary_owner_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.import_jobs add constraint import_jobs_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.import_rows add constraint import_rows_job_id_fkey FOREIGN KEY (job_id) REFERENCES crm.import_jobs(id) ON DELETE CASCADE;

alter table crm.locations add constraint locations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.locations add constraint locations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.locations add constraint locations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.note_types add constraint note_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.note_types add constraint note_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.note_types add constraint note_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.notes add constraint notes_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_contact_method_id_fkey FOREIGN KEY (contact_method_id) REFERENCES crm.contact_methods(id) ON DELETE SET NULL;

alter table crm.notes add constraint notes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.notes add constraint notes_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.notes add constraint notes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.notes add constraint notes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.notes add constraint notes_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.note_types(id) ON DELETE SET NULL;

alter table crm.other_contact_methods add constraint other_contact_methods_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.other_contact_methods add constraint other_contact_methods_household_id_fkey FOREIGN KEY (household_id) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.other_contact_methods add constraint other_contact_methods_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.other_contact_methods add constraint other_contact_methods_type_id_fkey FOREIGN KEY (type_id) REFERENCES crm.contact_method_types(id) ON DELETE SET NULL;

alter table crm.other_contact_methods add constraint other_contact_methods_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_business_id1_fkey FOREIGN KEY (business_id1) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_business_id2_fkey FOREIGN KEY (business_id2) REFERENCES crm.businesses(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_contact_id1_fkey FOREIGN KEY (contact_id1) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_contact_id2_fkey FOREIGN KEY (contact_id2) REFERENCES crm.contacts(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.relationships add constraint relationships_household_id1_fkey FOREIGN KEY (household_id1) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_household_id2_fkey FOREIGN KEY (household_id2) REFERENCES crm.households(id) ON DELETE CASCADE;

alter table crm.relationships add constraint relationships_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table crm.relationships add constraint relationships_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_campaigns add constraint mail_campaigns_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_campaigns add constraint mail_campaigns_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.messages add constraint messages_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.messages add constraint messages_sent_by_fkey FOREIGN KEY (sent_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.messages add constraint messages_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES crm.mail_campaigns(id) ON DELETE SET NULL;

alter table crm.message_links add constraint message_links_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table crm.message_links add constraint message_links_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.message_attachments add constraint message_attachments_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table crm.message_attachments add constraint message_attachments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_suppressions add constraint mail_suppressions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_suppressions add constraint mail_suppressions_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE SET NULL;
