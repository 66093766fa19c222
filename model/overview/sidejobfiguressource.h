// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "systemfiguressource.h"

// SideJob's figures on a server: its jobs and the Sidekiq side they run on (queues, queued items,
// processes, retry and dead). Two bounded scripts: detect.lua (a few TYPEs, SCARD and a sample)
// and sidekiq.lua. Jobs by status are not counted: that needs a walk of every job.
class SideJobFiguresSource final : public SystemFiguresSource
{
    Q_OBJECT

public:
    explicit SideJobFiguresSource(QlessSession *session, QObject *parent = nullptr);
    void read(Done done) override;

private:
    QlessSession *m_session;
};
