// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobportgroup.h"

#include "sidejobstorage.h"

void SideJobPortGroup::add(QList<Port> &list, qint64 job, const QByteArray &port, const QByteArray &type,
                           const QByteArray &dataJson)
{
    for (Port &entry : list)
        if (entry.job == job && entry.port == port && entry.type == type) {
            entry.data << dataJson;
            return;
        }
    list << Port{job, port, type, {dataJson}};
}

void SideJobPortGroup::read(qint64 job, const QByteArray &port, const QByteArray &dataJson)
{
    add(m_reads, job, port, "inport", dataJson);
}

void SideJobPortGroup::wrote(qint64 job, const QByteArray &port, const QByteArray &type, const QByteArray &dataJson)
{
    add(m_writes, job, port, type, dataJson);
}

void SideJobPortGroup::clear()
{
    m_reads.clear();
    m_writes.clear();
}

QByteArray SideJobPortGroup::members() const
{
    const auto array = [](const QList<Port> &list) -> QByteArray {
        QList<QByteArray> items;
        for (const Port &entry : list)
            items << "{\"job\":" + QByteArray::number(entry.job) + ",\"data\":[" + entry.data.join(',') + "],\""
                         + entry.type + "\":" + SideJobStorage::jsonString(entry.port) + '}';
        return '[' + items.join(',') + ']';
    };
    return "\"read\":" + array(m_reads) + ",\"write\":" + array(m_writes);
}
