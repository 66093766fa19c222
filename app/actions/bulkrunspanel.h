// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class ActionCenter;
class BulkProgress;
class BulkRunRow;
class QVBoxLayout;

// The strip under the pages that shows every bulk run of the window while it runs and its
// summary until dismissed. Hidden when there is none. The window stays usable meanwhile.
class BulkRunsPanel final : public QWidget
{
    Q_OBJECT

public:
    explicit BulkRunsPanel(QWidget *parent = nullptr);

    // Shows the runs `center` starts from now on.
    void watch(ActionCenter *center);
    QList<BulkRunRow *> rows() const;
    // Forgets every row (the session they belong to is going).
    void clear();

private:
    void addRun(BulkProgress *runner);

    QVBoxLayout *m_layout;
};
