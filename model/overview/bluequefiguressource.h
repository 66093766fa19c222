// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "systemfiguressource.h"

class BluequeClient;

// Blueque's figures on a server: queues, pending, failed, listeners. One overview call of the
// first BluequeClient::QueuesPerCall queues (lua/blueque/overview.lua, bounded by its own
// `-- Bound:`); a deployment with more says the figures cover only those.
class BluequeFiguresSource final : public SystemFiguresSource
{
    Q_OBJECT

public:
    explicit BluequeFiguresSource(QlessSession *session, QObject *parent = nullptr);
    void read(Done done) override;

private:
    QlessSession *m_session;
    BluequeClient *m_client;
};
