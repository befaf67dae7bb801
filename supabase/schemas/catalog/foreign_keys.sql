-- catalog: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table catalog.accommodation_blocks add constraint accommodation_blocks_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_blocks add constraint accommodation_blocks_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_classes add constraint accommodation_classes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_classes add constraint accommodation_classes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_classes add constraint accommodation_classes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_files add constraint accommodation_files_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_files add constraint accommodation_files_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_files add constraint accommodation_files_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_files add constraint accommodation_files_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rate_types add constraint accommodation_rate_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_class_id_fkey FOREIGN KEY (class_id) REFERENCES catalog.accommodation_classes(id) ON DELETE SET NULL;

alter table catalog.accommodation_rates add constraint accommodation_rates_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rates add constraint accommodation_rates_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_rates add constraint accommodation_rates_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodation_rates add constraint accommodation_rates_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.accommodation_rate_types(id) ON DELETE SET NULL;

alter table catalog.accommodation_types add constraint accommodation_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_types add constraint accommodation_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodation_types add constraint accommodation_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodations add constraint accommodations_caretaker_id_fkey FOREIGN KEY (caretaker_id) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table catalog.accommodations add constraint accommodations_class_id_fkey FOREIGN KEY (class_id) REFERENCES catalog.accommodation_classes(id) ON DELETE SET NULL;

alter table catalog.accommodations add constraint accommodations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodations add constraint accommodations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.accommodations add constraint accommodations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.accommodations add constraint accommodations_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.accommodation_types(id) ON DELETE SET NULL;

alter table catalog.amenities add constraint amenities_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenities add constraint amenities_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenities add constraint amenities_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.amenities add constraint amenities_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.amenity_types(id) ON DELETE SET NULL;

alter table catalog.amenity_map add constraint amenity_map_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.amenity_map add constraint amenity_map_amenity_id_fkey FOREIGN KEY (amenity_id) REFERENCES catalog.amenities(id) ON DELETE CASCADE;

alter table catalog.amenity_map add constraint amenity_map_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_map add constraint amenity_map_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_map add constraint amenity_map_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.amenity_types add constraint amenity_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_types add constraint amenity_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.amenity_types add constraint amenity_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.calendar_feeds add constraint calendar_feeds_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE CASCADE;

alter table catalog.calendar_feeds add constraint calendar_feeds_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.calendar_feeds add constraint calendar_feeds_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.calendar_feeds add constraint calendar_feeds_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.lodging_settings add constraint lodging_settings_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.lodging_settings add constraint lodging_settings_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.lodging_settings add constraint lodging_settings_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_option_values add constraint product_option_values_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_option_values add constraint product_option_values_option_id_fkey FOREIGN KEY (option_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_option_value_id_fkey FOREIGN KEY (option_value_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_option_values add constraint product_option_values_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES catalog.product_variants(id) ON DELETE CASCADE;

alter table catalog.product_options add constraint product_options_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_options add constraint product_options_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_options add constraint product_options_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_options add constraint product_options_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.product_types add constraint product_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_types add constraint product_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_types add constraint product_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_types add constraint product_types_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.product_variants add constraint product_variants_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_variants add constraint product_variants_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.product_variants add constraint product_variants_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.product_variants add constraint product_variants_product_id_fkey FOREIGN KEY (product_id) REFERENCES catalog.products(id) ON DELETE CASCADE;

alter table catalog.products add constraint products_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.products add constraint products_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.products add constraint products_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.products add constraint products_type_id_fkey FOREIGN KEY (type_id) REFERENCES catalog.product_types(id) ON DELETE SET NULL;

alter table catalog.reservation_items add constraint reservation_items_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_items add constraint reservation_items_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_items add constraint reservation_items_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservation_payments add constraint reservation_payments_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_payments add constraint reservation_payments_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservation_payments add constraint reservation_payments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservation_payments add constraint reservation_payments_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;

alter table catalog.reservations add constraint reservations_accommodation_id_fkey FOREIGN KEY (accommodation_id) REFERENCES catalog.accommodations(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_business_id_fkey FOREIGN KEY (business_id) REFERENCES crm.businesses(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES crm.contacts(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservations add constraint reservations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.reservations add constraint reservations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.reservations add constraint reservations_project_id_fkey FOREIGN KEY (project_id) REFERENCES ops.projects(id) ON DELETE SET NULL;

alter table catalog.reservations add constraint reservations_rate_id_fkey FOREIGN KEY (rate_id) REFERENCES catalog.accommodation_rates(id) ON DELETE SET NULL;

alter table catalog.resource_classes add constraint resource_classes_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_classes add constraint resource_classes_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_classes add constraint resource_classes_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.resource_reservations add constraint resource_reservations_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_reservations add constraint resource_reservations_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_reservations add constraint resource_reservations_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.resource_reservations add constraint resource_reservations_reservation_item_id_fkey FOREIGN KEY (reservation_item_id) REFERENCES catalog.reservation_items(id) ON DELETE SET NULL;

alter table catalog.resource_types add constraint resource_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_types add constraint resource_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.resource_types add constraint resource_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.supplies add constraint supplies_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.supplies add constraint supplies_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.supplies add constraint supplies_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_conversions add constraint unit_conversions_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_conversions add constraint unit_conversions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_unit_type_1_fkey FOREIGN KEY (unit_type_1) REFERENCES catalog.unit_types(id) ON DELETE CASCADE;

alter table catalog.unit_conversions add constraint unit_conversions_unit_type_2_fkey FOREIGN KEY (unit_type_2) REFERENCES catalog.unit_types(id) ON DELETE CASCADE;

alter table catalog.unit_types add constraint unit_types_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_types add constraint unit_types_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.unit_types add constraint unit_types_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.variant_option_values add constraint variant_option_values_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table catalog.variant_option_values add constraint variant_option_values_option_id_fkey FOREIGN KEY (option_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_option_value_id_fkey FOREIGN KEY (option_value_id) REFERENCES catalog.product_options(id) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table catalog.variant_option_values add constraint variant_option_values_variant_id_fkey FOREIGN KEY (variant_id) REFERENCES catalog.product_variants(id) ON DELETE CASCADE;
