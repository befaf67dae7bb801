-- app: triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

CREATE TRIGGER steward_30_ref_mail_outbox_integration_id_fkey BEFORE INSERT OR UPDATE OF integration_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.integration_id IS NOT NULL AND app.org_ref_other__settings__integrations(new.integration_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('integration_id', 'settings.integrations', 'id', 'uuid', 'mail_outbox_integration_id_fkey', 'integrations');

CREATE TRIGGER steward_30_ref_mail_outbox_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_outbox_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_mail_unsubscribe_tokens_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_unsubscribe_tokens FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_unsubscribe_tokens_message_id_fkey', 'messages');
