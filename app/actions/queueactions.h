// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "namedrowactions.h"
#include "queuecounts.h"

#include <QList>
#include <QStringList>

class ConfigEditor;
class ConfigModel;
class QAbstractItemView;
class QMenu;
class QWidget;
class QlessSession;
class QueueListModel;

// qless's own controls on queues: pause and unpause (one, a selection, all), forget the ones that
// hold nothing, and the max-concurrency limit. Each write is confirmed, refused on a read-only
// connection, audited through the session, and followed by ActionCenter::changed so that what is
// shown is read again. Pages hand it their queue table (install) or build a menu with fillMenu.
class QueueActions final : public NamedRowActions
{
    Q_OBJECT

public:
    // The one for `session`, made on first use as a child of the session.
    static QueueActions *of(QlessSession *session);

    // Gives `view` (over `model` or a proxy of it) a context menu with the actions for the
    // selected queues and for all queues, and lets several rows be selected.
    void install(QAbstractItemView *view, const QueueListModel *model);
    // `selected`: the queues the operator picked; `all`: every queue listed.
    void fillMenu(QMenu *menu, const QList<QueueCounts> &selected, const QList<QueueCounts> &all, QWidget *parent);

    void pause(const QStringList &queues, QWidget *parent);
    void unpause(const QStringList &queues, QWidget *parent);
    // Forgets those of `queues` that hold nothing; says which were forgotten and which were kept.
    void forget(const QStringList &queues, QWidget *parent);
    // Asks for the queue's max-concurrency (0: no limit) and sets it through ConfigEditor.
    void askMaxConcurrency(const QueueCounts &queue, QWidget *parent);

    static QString optionFor(const QString &queue);

private:
    explicit QueueActions(QlessSession *session);

    void setPaused(bool pause, const QStringList &queues, QWidget *parent);
    ConfigEditor *editor();

    ConfigModel *m_config = nullptr;
    ConfigEditor *m_editor = nullptr;
};
