"""On PostgreSQL the database itself refuses to change or delete logged actions."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_action_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_action is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_action_append_only
    BEFORE UPDATE OR DELETE ON games_action
    FOR EACH ROW EXECUTE FUNCTION games_action_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_action_append_only ON games_action;
DROP FUNCTION IF EXISTS games_action_append_only();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
