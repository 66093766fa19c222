// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

// The reads and writes of one SideJob port group (Port.group, which Worker#for_inputs opens), which
// the library logs as a single entry when the group closes: per port, in first-use order, every
// value read or written.
class SideJobPortGroup final
{
public:
    void read(qint64 job, const QByteArray &port, const QByteArray &dataJson);
    void wrote(qint64 job, const QByteArray &port, const QByteArray &type, const QByteArray &dataJson);
    bool isEmpty() const { return m_reads.isEmpty() && m_writes.isEmpty(); }
    void clear();
    // The entry's members after its context: "read":[...],"write":[...].
    QByteArray members() const;

private:
    struct Port
    {
        qint64 job;
        QByteArray port;
        QByteArray type; // inport or outport
        QList<QByteArray> data;
    };
    static void add(QList<Port> &list, qint64 job, const QByteArray &port, const QByteArray &type,
                    const QByteArray &dataJson);

    QList<Port> m_reads, m_writes;
};
