// SPDX-License-Identifier: GPL-3.0-or-later
#include "sidejobportpager.h"

#include "jsontext.h"
#include "sidejobclient.h"

SideJobPortPager::SideJobPortPager(SideJobClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

void SideJobPortPager::show(const QByteArray &id, bool input, const QString &port)
{
    m_id = id;
    m_input = input;
    m_port = port;
    m_offset = 0;
    read();
}

void SideJobPortPager::nextPage()
{
    if (!hasNext())
        return;
    m_offset += SideJobClient::ValuesPerCall;
    read();
}

void SideJobPortPager::previousPage()
{
    if (!hasPrevious())
        return;
    m_offset = qMax<qint64>(0, m_offset - SideJobClient::ValuesPerCall);
    read();
}

void SideJobPortPager::reload()
{
    if (hasPort())
        read();
}

void SideJobPortPager::read()
{
    const quint64 generation = ++m_generation;
    m_client->portPage(
        m_id, m_input, m_port, m_offset, SideJobClient::ValuesPerCall, this,
        [this, generation](const QlessReply<SideJobPortPage> &reply) {
            if (generation != m_generation)
                return;
            const QString name =
                tr("%1 port %2 of job %3").arg(m_input ? tr("Input") : tr("Output"), m_port, QString::fromUtf8(m_id));
            if (!reply.ok()) {
                m_text = tr("%1: could not read it: %2").arg(name, reply.error.message);
                emit changed();
                return;
            }
            m_page = reply.value;
            QStringList lines;
            if (m_page.total < 0)
                lines << tr("%1: its key is a %2, not a list").arg(name, m_page.type);
            else if (m_page.total == 0)
                lines << tr("%1: no value waiting").arg(name);
            else
                lines << tr("%1: values %2 to %3 of %4 waiting, oldest first")
                             .arg(name)
                             .arg(m_offset + 1)
                             .arg(m_offset + m_page.values.size())
                             .arg(m_page.total);
            for (int i = 0; i < m_page.values.size(); ++i)
                lines << QStringLiteral("#%1  ").arg(m_offset + i + 1) + JsonText::pretty(m_page.values.at(i));
            m_text = lines.join(QLatin1Char('\n'));
            emit changed();
        });
}
