-- What the shop did with an order (the operations API): its latest step and the tracking
-- number of its shipment. `status` keeps its meaning for everything that reads it: shipped
-- is 'handed', delivered 'delivered', cancelled by the shop and returned 'cancelled'.
ALTER TABLE orders ADD COLUMN stage TEXT CHECK (stage IN ('confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'));
ALTER TABLE orders ADD COLUMN tracking TEXT;

-- Every step of every order, in the order they happened: the shopper's timeline, and the
-- operations API's feed of new and changed orders (its cursor is this id: AUTOINCREMENT
-- never gives an id out twice, and D1 commits one write at a time, so ids appear in order).
-- Written by the triggers below, so no writer of `orders` can forget it.
CREATE TABLE order_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  tracking TEXT,
  at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX order_history_order ON order_history (order_id, id);

CREATE TRIGGER order_history_placed AFTER INSERT ON orders BEGIN
  INSERT INTO order_history (order_id, state, at) VALUES (new.id, 'placed', new.created_at);
END;

CREATE TRIGGER order_history_changed AFTER UPDATE OF status, stage ON orders
WHEN new.status IS NOT old.status OR new.stage IS NOT old.stage BEGIN
  INSERT INTO order_history (order_id, state, tracking)
  VALUES (new.id, CASE WHEN new.stage IS NOT old.stage THEN new.stage ELSE new.status END,
          CASE WHEN new.stage = 'shipped' AND old.stage IS NOT 'shipped' THEN new.tracking END);
END;

-- Orders placed before: their placement, their payment, and where they are now.
INSERT INTO order_history (order_id, state, at) SELECT id, 'placed', created_at FROM orders ORDER BY id;
INSERT INTO order_history (order_id, state, at) SELECT id, 'paid', paid_at FROM orders WHERE paid_at IS NOT NULL ORDER BY id;
INSERT INTO order_history (order_id, state) SELECT id, status FROM orders WHERE status IN ('handed', 'delivered', 'cancelled') ORDER BY id;
