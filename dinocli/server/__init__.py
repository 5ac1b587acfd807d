"""Play over the network: the wire format (:mod:`.protocol`), invitations (:mod:`.invites`), the server
(:mod:`.serve`) and the client (:mod:`.join`). See dinocli-protocol(5)."""
