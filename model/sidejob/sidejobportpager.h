// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobtypes.h"

#include <QObject>
#include <QString>

class SideJobClient;

// The values waiting on one port of one job, a page of SideJobClient::ValuesPerCall at a time
// (lua/sidejob/portpage.lua), so a port of a million values costs one window a step. text() is the
// page as an operator reads it: which values of how many, each as indented JSON.
class SideJobPortPager final : public QObject
{
    Q_OBJECT

public:
    explicit SideJobPortPager(SideJobClient *client, QObject *parent = nullptr);

    // Shows the first page of the port.
    void show(const QByteArray &id, bool input, const QString &port);
    void nextPage();
    void previousPage();
    void reload();
    bool hasPort() const { return !m_port.isEmpty(); }
    bool hasNext() const { return m_offset + m_page.values.size() < m_page.total; }
    bool hasPrevious() const { return m_offset > 0; }
    qint64 offset() const { return m_offset; }
    const SideJobPortPage &page() const { return m_page; }
    QString text() const { return m_text; }

signals:
    void changed();

private:
    void read();

    SideJobClient *m_client;
    QByteArray m_id;
    bool m_input = true;
    QString m_port;
    qint64 m_offset = 0;
    SideJobPortPage m_page;
    QString m_text;
    quint64 m_generation = 0;
};
