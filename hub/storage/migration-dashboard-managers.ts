/**
 * One name per person (issue #26): the dashboard's managers are staff accounts with the manager role
 * and a dashboard password, no longer a table of their own. Each manager made before (the first
 * manager, with the code the hub printed) becomes such an account, without a PIN until one is set on
 * the Staff page; an active account already of that name is taken to be the same person (names of
 * active accounts are one person's each) and gets the manager role and the password. Sessions follow
 * the person to the staff account. The password is kept only as its Argon2id hash (hub/server/staff/passwords.ts),
 * and only while the account has the manager role.
 */
// Typed where it is listed (./migrations.ts): importing Migration here would make a cycle.
export const dashboardManagers = {
  version: 9,
  name: 'managers are staff accounts with the manager role',
  sql: `
    ALTER TABLE staff_accounts ALTER COLUMN pin_hash DROP NOT NULL, ADD COLUMN password_hash text;
    ALTER TABLE staff_accounts ADD CONSTRAINT staff_password_only_for_managers CHECK (password_hash IS NULL OR role = 'manager');
    UPDATE staff_accounts s SET role = 'manager', password_hash = m.password_hash, changed_at = m.created_at
      FROM managers m WHERE lower(s.name) = lower(m.name) AND s.disabled_at IS NULL;
    INSERT INTO staff_accounts (id, name, role, pin_hash, password_hash, created_at, changed_at)
      SELECT m.id, m.name, 'manager', NULL, m.password_hash, m.created_at, m.created_at FROM managers m
       WHERE NOT EXISTS (SELECT 1 FROM staff_accounts s WHERE lower(s.name) = lower(m.name) AND s.disabled_at IS NULL);
    ALTER TABLE manager_sessions DROP CONSTRAINT manager_sessions_manager_id_fkey;
    UPDATE manager_sessions ms SET manager_id = s.id
      FROM managers m JOIN staff_accounts s ON lower(s.name) = lower(m.name) AND s.disabled_at IS NULL
     WHERE ms.manager_id = m.id;
    -- manager_id now names a staff account; disabling it or taking the role away deletes its sessions by this index.
    ALTER TABLE manager_sessions ADD CONSTRAINT manager_sessions_staff_fkey FOREIGN KEY (manager_id) REFERENCES staff_accounts (id);
    CREATE INDEX manager_sessions_by_manager ON manager_sessions (manager_id);
    -- Devices learn of an account made manager here (a manager made before has no PIN: no device lists them).
    UPDATE staff_version SET version = version + 1
     WHERE id = 1 AND EXISTS (SELECT 1 FROM managers m JOIN staff_accounts s ON lower(s.name) = lower(m.name) AND s.disabled_at IS NULL AND s.pin_hash IS NOT NULL);
    DROP TABLE managers;
  `,
}
